; suffixes: .java
; Java: types and their methods and constructors; annotations sit inside the declaration.

((class_declaration name: (_) @name body: (class_body) @body) @unit
 (#set! kind "class") (#set! keyword "class"))

((interface_declaration name: (_) @name body: (interface_body) @body) @unit
 (#set! kind "interface") (#set! keyword "interface"))

((enum_declaration name: (_) @name body: (enum_body) @body) @unit
 (#set! kind "enum") (#set! keyword "enum"))

((record_declaration name: (_) @name body: (class_body) @body) @unit
 (#set! kind "class") (#set! keyword "record"))

((annotation_type_declaration name: (_) @name body: (annotation_type_body) @body) @unit
 (#set! kind "interface") (#set! keyword "@interface"))

((method_declaration name: (_) @name body: (block) @body) @unit
 (#set! kind "method") (#set! keyword "method"))

((constructor_declaration name: (_) @name body: (constructor_body) @body) @unit
 (#set! kind "method") (#set! keyword "constructor"))

(line_comment) @attach
((block_comment) @doc (#match? @doc "^/[*][*]"))
(block_comment) @attach
