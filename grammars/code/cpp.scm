; inherits: c
; suffixes: .h .cpp .cc .cxx .hpp .hh
; aliases: c++
; C++: C's units plus classes, namespaces and templates (the template line belongs to its unit).

((function_definition
   declarator: (reference_declarator (function_declarator declarator: (_) @name))
   body: (compound_statement) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((class_specifier name: (_) @name body: (field_declaration_list) @body) @unit
 (#set! kind "class") (#set! keyword "class"))

((namespace_definition name: (_) @name body: (declaration_list) @body) @unit
 (#set! kind "namespace") (#set! keyword "namespace"))

((namespace_definition !name body: (declaration_list) @body) @unit
 (#set! kind "namespace") (#set! keyword "namespace"))

(template_declaration) @wrap
