; suffixes: .js .mjs .cjs .jsx
; aliases: node
; JavaScript: declarations, class members, and functions bound to a name
; (`const f = () => {}`, `app.get = function get() {}`, `{ key: function () {} }`).

((function_declaration name: (_) @name body: (statement_block) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((generator_function_declaration name: (_) @name body: (statement_block) @body) @unit
 (#set! kind "function") (#set! keyword "function*"))

((class_declaration name: (_) @name body: (class_body) @body) @unit
 (#set! kind "class") (#set! keyword "class"))

((method_definition name: (_) @name body: (statement_block) @body) @unit
 (#set! kind "method") (#set! keyword "method"))

((_
   (variable_declarator
     name: (_) @name
     value: [(function_expression body: (statement_block) @body)
             (generator_function body: (statement_block) @body)
             (arrow_function body: (statement_block) @body)])) @unit
 (#set! kind "function") (#set! keyword "function"))

((_
   (variable_declarator name: (_) @name value: (arrow_function))) @unit
 (#set! kind "function") (#set! keyword "function"))

((_
   (variable_declarator name: (_) @name value: (class body: (class_body) @body))) @unit
 (#set! kind "class") (#set! keyword "class"))

((expression_statement
   (assignment_expression
     left: (_) @name
     right: [(function_expression body: (statement_block) @body)
             (generator_function body: (statement_block) @body)
             (arrow_function body: (statement_block) @body)])) @unit
 (#set! kind "function") (#set! keyword "function"))

((expression_statement
   (assignment_expression left: (_) @name right: (class body: (class_body) @body))) @unit
 (#set! kind "class") (#set! keyword "class"))

; `req.get = req.header = function header(name) {}`
((expression_statement
   (assignment_expression
     left: (_) @name
     right: (assignment_expression
       right: [(function_expression body: (statement_block) @body)
               (arrow_function body: (statement_block) @body)]))) @unit
 (#set! kind "function") (#set! keyword "function"))

((pair
   key: (_) @name
   value: [(function_expression body: (statement_block) @body)
           (arrow_function body: (statement_block) @body)]) @unit
 (#set! kind "function") (#set! keyword "function"))

; A top-level call that names a callback: `defineGetter(req, 'query', function query() {})`,
; `describe('Router', () => {})`, `app.get('/users', function (req, res) {})`.
((program
   (expression_statement
     (call_expression
       function: (_) @callee
       arguments: (arguments
         (string) @name
         [(function_expression body: (statement_block) @body)
          (arrow_function body: (statement_block) @body)]))) @unit)
 (#set! kind "call") (#set! keyword "call") (#set! title "{callee}({name})"))

((program
   (expression_statement
     (call_expression
       function: (_) @callee
       arguments: (arguments
         [(function_expression body: (statement_block) @body)
          (arrow_function body: (statement_block) @body)]))) @unit)
 (#set! kind "call") (#set! keyword "call") (#set! title "{callee}(…)"))

(export_statement declaration: (_)) @wrap

((comment) @doc (#match? @doc "^/[*][*]"))
(comment) @attach
(decorator) @attach
