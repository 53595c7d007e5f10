; suffixes: .json
; aliases: jsonc
; JSON: each top-level key whose value is an object or an array; its members are the pairs or
; elements inside.

((document (object (pair key: (string (string_content) @name) value: [(object) (array)] @body) @unit))
 (#set! kind "key") (#set! keyword "key") (#set! title "{name}"))

(comment) @attach
