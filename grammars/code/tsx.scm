; grammar: tree_sitter_typescript.language_tsx
; inherits: typescript
; TSX: TypeScript with JSX; the units are TypeScript's.
