; grammar: tree_sitter_typescript.language_typescript
; inherits: javascript
; suffixes: .ts .mts .cts
; TypeScript: everything JavaScript has, plus interfaces, enums, type aliases and namespaces.

((abstract_class_declaration name: (_) @name body: (class_body) @body) @unit
 (#set! kind "class") (#set! keyword "abstract class"))

((interface_declaration name: (_) @name body: (interface_body) @body) @unit
 (#set! kind "interface") (#set! keyword "interface"))

((enum_declaration name: (_) @name body: (enum_body) @body) @unit
 (#set! kind "enum") (#set! keyword "enum"))

((type_alias_declaration name: (_) @name) @unit
 (#set! kind "type") (#set! keyword "type"))

((internal_module name: (_) @name body: (statement_block) @body) @unit
 (#set! kind "namespace") (#set! keyword "namespace"))

((module name: (_) @name body: (statement_block) @body) @unit
 (#set! kind "module") (#set! keyword "module"))

(expression_statement (internal_module)) @wrap
(ambient_declaration) @wrap
