; suffixes: .c
; C: function definitions, and structs, unions and enums with a body.

((function_definition
   declarator: (function_declarator declarator: (_) @name)
   body: (compound_statement) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((function_definition
   declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name))
   body: (compound_statement) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((function_definition
   declarator: (pointer_declarator declarator: (pointer_declarator
     declarator: (function_declarator declarator: (_) @name)))
   body: (compound_statement) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((function_definition body: (compound_statement) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((type_definition
   type: [(struct_specifier body: (field_declaration_list) @body)
          (union_specifier body: (field_declaration_list) @body)]
   declarator: (_) @name) @unit
 (#set! kind "struct") (#set! keyword "typedef struct"))

((type_definition type: (enum_specifier body: (enumerator_list) @body) declarator: (_) @name) @unit
 (#set! kind "enum") (#set! keyword "typedef enum"))

((struct_specifier name: (_) @name body: (field_declaration_list) @body) @unit
 (#set! kind "struct") (#set! keyword "struct"))

((union_specifier name: (_) @name body: (field_declaration_list) @body) @unit
 (#set! kind "struct") (#set! keyword "union"))

((enum_specifier name: (_) @name body: (enumerator_list) @body) @unit
 (#set! kind "enum") (#set! keyword "enum"))

((comment) @doc (#match? @doc "^/[*][*]"))
(comment) @attach
