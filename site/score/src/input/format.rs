//! The formats `read` tells apart, and the names its notes and messages give them.

use std::fmt;

/// The detected input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// One item per line.
    Lines,
    /// A JSON array of items.
    Json,
    /// The four-bucket feedback JSON.
    FeedbackJson,
    /// Tab- or comma-separated rows with a header.
    Spreadsheet,
    /// A markdown table.
    MarkdownTable,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Lines => "item lines",
            Format::Json => "JSON items",
            Format::FeedbackJson => "feedback JSON (four buckets)",
            Format::Spreadsheet => "spreadsheet rows",
            Format::MarkdownTable => "markdown table",
        })
    }
}
