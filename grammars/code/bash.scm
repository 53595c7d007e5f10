; suffixes: .sh .bash
; aliases: shell zsh
; Bash: functions; everything else is grouped into statements between blank lines.

((function_definition name: (word) @name body: (_) @body) @unit
 (#set! kind "function") (#set! keyword "function"))

((comment) @attach (#not-match? @attach "^#!"))
