//! Weights in the text → `(criterion, weight)` pairs: a `weights:` line, and the rows of a
//! pasted report's per-criterion table (their weights, and the finals, nets and item counts
//! the analysis checks against the formula).

use super::item_line::check_name;

/// One row of a per-criterion table in a pasted report: what the report says of a criterion.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportRow {
    /// 1-based line number.
    pub line: usize,
    /// The criterion.
    pub criterion: String,
    /// The final the report typed, when the table has a `final` column.
    pub final_score: Option<f64>,
    /// The net impact the report typed, when the table has a `net` column.
    pub net: Option<i64>,
    /// The item count the report typed, when the table has an `items` column.
    pub items: Option<usize>,
    /// The criterion's weight.
    pub weight: f64,
}

/// The cells of a table row (`| a | b |`), or `None` for a line that is not one.
pub(super) fn table_row(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// The columns of a report's per-criterion table.
pub(super) struct ReportTable {
    criterion: usize,
    weight: usize,
    final_score: Option<usize>,
    net: Option<usize>,
    items: Option<usize>,
}

impl ReportTable {
    /// A header that names `criterion` and `weight` columns.
    pub(super) fn from_header(cells: &[&str]) -> Option<ReportTable> {
        let find = |name: &str| cells.iter().position(|c| c.eq_ignore_ascii_case(name));
        Some(ReportTable {
            criterion: find("criterion")?,
            weight: find("weight")?,
            final_score: find("final"),
            net: find("net"),
            items: find("items"),
        })
    }

    /// One body row, or the message for its unreadable weight; separator rows give nothing.
    pub(super) fn row(&self, cells: &[&str], line: usize) -> Result<Option<ReportRow>, String> {
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
        {
            return Ok(None);
        }
        let cell = |i: usize| cells.get(i).copied().unwrap_or("");
        let name = cell(self.criterion);
        let weight = match parse_weights(&format!("{name}={}", cell(self.weight))) {
            Ok(w) => w.first().map_or(0.0, |(_, x)| *x),
            Err(message) => return Err(format!("in the per-criterion table: {message}")),
        };
        let number = |i: Option<usize>| {
            let c = cell(i?).replace('\u{2212}', "-");
            crate::parse_decimal(c.trim_start_matches('+')).ok()
        };
        Ok(Some(ReportRow {
            line,
            criterion: name.to_string(),
            final_score: number(self.final_score),
            net: number(self.net)
                .filter(|x| x.fract() == 0.0)
                .map(|x| x as i64),
            items: number(self.items)
                .filter(|x| x.fract() == 0.0 && *x >= 0.0)
                .map(|x| x as usize),
            weight,
        }))
    }
}

/// The list of a `weights:` line, `a=0.3, b=0.2` → `[("a", 0.3), ("b", 0.2)]`: what the
/// calculator's weight field, `--weights` and an evidence block's `weights=` option accept.
///
/// # Errors
/// A message naming the bad part: a missing `=`, a label that is not a name, a value that is
/// not a number, a value with too many digits to read exactly, or no weights at all.
///
/// A value is a plain decimal as [`parse_decimal`](crate::parse_decimal) reads it: `0.3`,
/// `.5`, `2.50`, `1`, `1e-3`, with an optional sign (zero and negative weights are read here
/// and rejected by the weight rules); `inf` and `NaN` are not numbers.
///
/// ```
/// use pickanumber_score::parse_weights;
/// assert_eq!(parse_weights("craft=0.6, depth=0.4").unwrap().len(), 2);
/// assert_eq!(
///     parse_weights("craft").unwrap_err(),
///     "weight \"craft\" has no '=': write weights: craft=0.3, depth=0.2"
/// );
/// ```
pub fn parse_weights(s: &str) -> Result<Vec<(String, f64)>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((name, value)) = part.split_once('=') else {
            return Err(format!(
                "weight \"{part}\" has no '=': write weights: craft=0.3, depth=0.2"
            ));
        };
        let name = name.trim();
        check_name(name)?;
        let value = value.trim();
        let value = crate::parse_decimal(value).map_err(|e| match e {
            crate::DecimalError::NotANumber => {
                format!("weight for {name} is not a number: \"{value}\"")
            }
            crate::DecimalError::TooPrecise => format!(
                "weight for {name} has too many digits to read exactly: \"{value}\": write at most 15 significant digits, like 0.35"
            ),
        })?;
        out.push((name.to_string(), value));
    }
    if out.is_empty() {
        return Err("weights: line names no weights: write weights: craft=0.3, depth=0.2".into());
    }
    Ok(out)
}
