; grammar: tree_sitter_typescript.language_tsx
; inherits: typescript
; suffixes: .tsx
; TSX: TypeScript with JSX; the units are TypeScript's.
