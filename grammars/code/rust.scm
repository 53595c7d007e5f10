; suffixes: .rs
; Rust: functions, impl and trait blocks, types, modules and macros; doc comments and
; attributes directly above an item belong to it (inner `//!` docs describe the enclosing item).

((function_item name: (_) @name body: (block) @body) @unit
 (#set! kind "function") (#set! keyword "fn"))

((impl_item trait: (_) @trait type: (_) @name body: (declaration_list) @body) @unit
 (#set! kind "impl") (#set! keyword "impl") (#set! title "impl {trait} for {name}"))

((impl_item !trait type: (_) @name body: (declaration_list) @body) @unit
 (#set! kind "impl") (#set! keyword "impl"))

((trait_item name: (_) @name body: (declaration_list) @body) @unit
 (#set! kind "trait") (#set! keyword "trait"))

((struct_item name: (_) @name body: (field_declaration_list) @body) @unit
 (#set! kind "struct") (#set! keyword "struct"))

((enum_item name: (_) @name body: (enum_variant_list) @body) @unit
 (#set! kind "enum") (#set! keyword "enum"))

((union_item name: (_) @name body: (field_declaration_list) @body) @unit
 (#set! kind "struct") (#set! keyword "union"))

((mod_item name: (_) @name body: (declaration_list) @body) @unit
 (#set! kind "module") (#set! keyword "mod"))

((macro_definition name: (_) @name) @unit @body
 (#set! kind "macro") (#set! keyword "macro_rules!"))

((line_comment) @attach (#not-match? @attach "^//!"))
((block_comment) @attach (#not-match? @attach "^/\\*!"))
(attribute_item) @attach
