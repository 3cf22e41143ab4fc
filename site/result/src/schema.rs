//! The JSON Schemas of the output contract, generated from the types that write the output
//! (draft 2020-12, for what is serialised): [`result`] for `score` and `combine` (and the
//! packages' `analyse` and `combine`), [`comparison`] for `compare`. The repository checks
//! them in under `schema/`; a test fails when they drift from these types.

use schemars::generate::SchemaSettings;
use schemars::JsonSchema;

/// The schema of one type, as pretty JSON text with a final newline.
fn schema_text<T: JsonSchema>(id: &str) -> String {
    let generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let mut schema = generator.into_root_schema_for::<T>();
    schema.insert("$id".into(), id.into());
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serialises");
    text.push('\n');
    text
}

/// The file name under `schema/` and the text of [`crate::json::Output`]'s schema.
pub fn result() -> (&'static str, String) {
    let name = "result.schema.json";
    (name, schema_text::<crate::json::Output>(&id(name)))
}

/// The file name under `schema/` and the text of [`crate::comparison::Comparison`]'s schema.
pub fn comparison() -> (&'static str, String) {
    let name = "comparison.schema.json";
    (
        name,
        schema_text::<crate::comparison::Comparison>(&id(name)),
    )
}

/// Every schema of the contract: file name and text.
pub fn all() -> [(&'static str, String); 2] {
    [result(), comparison()]
}

/// A schema's `$id`: a URN of its name and the contract's version, so that two versions are
/// two ids (`urn:pickanumber:schema:1:result.schema.json`).
fn id(name: &str) -> String {
    format!("urn:pickanumber:schema:{}:{name}", crate::SCHEMA_VERSION)
}
