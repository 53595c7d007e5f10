; suffixes: .py .pyi
; aliases: python3 py3
; Python: classes and functions (methods are functions inside a class); decorators wrap them.

((class_definition name: (identifier) @name body: (block) @body) @unit
 (#set! kind "class") (#set! keyword "class"))

((function_definition name: (identifier) @name body: (block) @body) @unit
 (#set! kind "function") (#set! keyword "def"))

(decorated_definition) @wrap

(comment) @attach
