; suffixes: .yaml .yml
; YAML: top-level keys whose value is a block mapping or sequence, and the keys one level
; below them (`jobs > build`).

((stream (document (block_node (block_mapping
   (block_mapping_pair
     key: (_) @name
     value: (block_node [(block_mapping) (block_sequence)] @body)) @unit))))
 (#set! kind "key") (#set! keyword "key") (#set! title "{name}"))

((stream (document (block_node (block_mapping
   (block_mapping_pair
     value: (block_node (block_mapping
       (block_mapping_pair
         key: (_) @name
         value: (block_node [(block_mapping) (block_sequence)] @body)) @unit)))))))
 (#set! kind "key") (#set! keyword "key") (#set! title "{name}"))

(comment) @attach
