//! What the sections measured: the table's rows, the notes printed under it, and the JSON.

use serde_json::{json, Value};

use super::table::Row;

/// Everything measured: the table's rows, notes printed under it, and the JSON.
#[derive(Default)]
pub struct Report {
    /// The table's rows, in order.
    pub rows: Vec<Row>,
    /// Notes printed under the table.
    pub notes: Vec<String>,
    /// Each section's figures, by section.
    pub json: serde_json::Map<String, Value>,
}

impl Report {
    /// A section that could not run: one row saying why, and `{"available": false}` in the JSON.
    pub fn unavailable(&mut self, section: &'static str, measure: &str, reason: String) {
        println!("{section}: unavailable ({reason})");
        self.rows.push(Row::new(
            section,
            measure,
            format!("unavailable ({reason})"),
        ));
        self.json.insert(
            section.into(),
            json!({"available": false, "reason": reason}),
        );
    }
}
