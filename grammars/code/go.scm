; suffixes: .go
; aliases: golang
; Go: functions, methods (titled with their receiver type) and type declarations.

((function_declaration name: (identifier) @name body: (block) @body) @unit
 (#set! kind "function") (#set! keyword "func"))

((method_declaration
   receiver: (parameter_list (parameter_declaration type: (_) @receiver))
   name: (field_identifier) @name
   body: (block) @body) @unit
 (#set! kind "method") (#set! keyword "func") (#set! title "func ({receiver}) {name}"))

((type_declaration
   (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body))) @unit
 (#set! kind "struct") (#set! keyword "type"))

((type_declaration
   (type_spec name: (type_identifier) @name type: (interface_type) @body)) @unit
 (#set! kind "interface") (#set! keyword "type"))

(comment) @attach
