//! The `.rules` language: pest grammar -> AST with spans -> checked [`crate::variant::VariantSpec`].
