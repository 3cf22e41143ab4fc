//! The setup page's markup, one function a part, shared by the site generator (the static box,
//! the worked example with its controls disabled) and the live island (the same markup with
//! the controls enabled): [`form`] for the form, [`outputs`] for the rubric file, the prompt,
//! the schema and the link into the calculator, or the errors. Field ids are those of
//! [`crate::form::field_id`]; an error slot `err-ID` follows each field, for the island to fill.

use crate::form::Form;
use crate::form_words::{Words, CANONICAL};
use crate::link::calculator_link;
use pickanumber_result_view::escape;
use pickanumber_rubric::{Error, Rubric};
use pickanumber_score::{Impact, Params};
use pickanumber_text::numtext::trim_number;

/// A labelled one-line field with its error slot.
fn field(id: &str, label: &str, value: &str, off: &str) -> String {
    format!(
        "<div class=\"setup-field\"><label for=\"{id}\">{}</label>\
<input type=\"text\" id=\"{id}\" name=\"{id}\" value=\"{}\" spellcheck=\"false\" aria-describedby=\"err-{id}\"{off}>\
<p class=\"setup-err\" id=\"err-{id}\"></p></div>",
        escape(label),
        escape(value)
    )
}

/// A setting's label with its slot [`CANONICAL`] filled with the value an empty field gives,
/// `x` (text: [`field`] escapes it).
fn canonical(label: &str, x: f64) -> String {
    pickanumber_result_view::plain(label, &[(CANONICAL, &trim_number(x))])
}

/// A fieldset of rows (`rows`, markup) with its legend and the button that adds a row.
fn rows(list: &str, legend: &str, rows: String, add: &str, off: &str) -> String {
    format!(
        "<fieldset class=\"setup-list\" id=\"{list}\"><legend>{}</legend>{rows}\
<button type=\"button\" data-add=\"{list}\"{off}>{}</button></fieldset>",
        escape(legend),
        escape(add)
    )
}

/// The button that removes row `id` (`criteria-2`).
fn remove(id: &str, words: &Words<'_>, off: &str) -> String {
    format!(
        "<button type=\"button\" class=\"setup-remove\" data-remove=\"{id}\"{off}>{}</button>",
        escape(words.remove)
    )
}

/// The form showing `f`: enabled when `live`, else every control disabled (the static box,
/// which has no script to answer them).
pub fn form(f: &Form, words: &Words<'_>, live: bool) -> String {
    let off = if live { "" } else { " disabled" };
    let mut s = String::from("<div class=\"setup-form\">");
    s.push_str(&field("subject", words.subject, &f.subject, off));
    let radio = |value: &str, label: &str, on: bool| {
        format!(
            "<label class=\"calc-mode\"><input type=\"radio\" name=\"mode\" value=\"{value}\"{}{off}> {}</label>",
            if on { " checked" } else { "" },
            escape(label)
        )
    };
    s.push_str(&format!(
        "<fieldset class=\"calc-modes\" id=\"mode\"><legend>{}</legend>{}{}</fieldset>\
<p class=\"setup-err\" id=\"err-mode\"></p>",
        escape(words.mode),
        radio("pooled", words.pooled, !f.matrix),
        radio("matrix", words.matrix, f.matrix)
    ));
    s.push_str(&format!(
        "<div class=\"setup-field\"><label for=\"perspectives\">{}</label>\
<textarea id=\"perspectives\" name=\"perspectives\" rows=\"5\" spellcheck=\"false\" aria-describedby=\"err-perspectives\"{off}>{}</textarea>\
<p class=\"calc-hint\">{}</p><p class=\"setup-err\" id=\"err-perspectives\"></p></div>",
        escape(words.perspectives),
        escape(&f.perspectives),
        escape(words.perspectives_hint)
    ));
    if f.matrix {
        let criteria: String = f
            .criteria
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let id = |k: &str| format!("criteria-{}-{k}", i + 1);
                format!(
                    "<div class=\"setup-row\">{}{}{}{}{}</div>",
                    field(&id("name"), words.name, &c.name, off),
                    field(&id("weight"), words.weight, &c.weight, off),
                    field(&id("plus5"), words.plus5, &c.plus5, off),
                    field(&id("minus5"), words.minus5, &c.minus5, off),
                    remove(&format!("criteria-{}", i + 1), words, off)
                )
            })
            .collect();
        s.push_str(&rows(
            "criteria",
            words.criteria,
            criteria,
            words.add_criterion,
            off,
        ));
    }
    let traps: String = f
        .traps
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let id = format!("traps-{}-impact", i + 1);
            let options: String = Impact::ALL
                .iter()
                .map(|v| {
                    let value = v.value().to_string();
                    format!(
                        "<option value=\"{value}\"{}>{v}</option>",
                        if value == t.impact { " selected" } else { "" }
                    )
                })
                .collect();
            format!(
                "<div class=\"setup-row\">{}<div class=\"setup-field\"><label for=\"{id}\">{}</label>\
<select id=\"{id}\" name=\"{id}\" aria-describedby=\"err-{id}\"{off}>{options}</select><p class=\"setup-err\" id=\"err-{id}\"></p></div>{}</div>",
                field(&format!("traps-{}-description", i + 1), words.description, &t.description, off),
                escape(words.impact),
                remove(&format!("traps-{}", i + 1), words, off)
            )
        })
        .collect();
    s.push_str(&rows("traps", words.traps, traps, words.add_trap, off));
    s.push_str(&format!(
        "<details open class=\"setup-advanced\"><summary>{}</summary>{}{}<p class=\"calc-hint\">{}</p></details>",
        escape(words.advanced),
        field(
            "denominator",
            &canonical(words.denominator, Params::CANONICAL.density_denominator),
            &f.denominator,
            off,
        ),
        field(
            "scale",
            &canonical(words.scale, Params::CANONICAL.scale),
            &f.scale,
            off,
        ),
        escape(words.settings_hint)
    ));
    s.push_str(&format!(
        "<div class=\"setup-field\"><label for=\"paste\">{}</label>\
<textarea id=\"paste\" rows=\"3\" spellcheck=\"false\" aria-describedby=\"err-paste\"{off}></textarea>\
<button type=\"button\" id=\"load\"{off}>{}</button><p class=\"setup-err\" id=\"err-paste\"></p></div></div>",
        escape(words.paste),
        escape(words.load)
    ));
    s
}

/// One output: its heading, its copy button and the text.
fn output(id: &str, heading: &str, text: &str, words: &Words<'_>) -> String {
    format!(
        "<div class=\"setup-out\"><div class=\"setup-head\"><h2 class=\"isl-h\" id=\"h-{id}\">{}</h2>\
<button type=\"button\" data-copy=\"{id}\">{}</button></div>\
<pre id=\"{id}\" tabindex=\"0\" aria-labelledby=\"h-{id}\">{}</pre></div>",
        escape(heading),
        escape(words.copy),
        escape(text)
    )
}

/// The results of the form: for a rubric, the link that opens `calculator` (the calculator's
/// address, without a fragment) with its settings, then the rubric file (TOML), the prompt and
/// the schema, each with a copy button; for errors, the list of them with their keys.
pub fn outputs(result: &Result<Rubric, Vec<Error>>, words: &Words<'_>, calculator: &str) -> String {
    match result {
        Ok(r) => {
            let link = match calculator_link(r) {
                Ok(fragment) => format!(
                    "<a id=\"setup-score\" href=\"{}#{fragment}\">{}</a>",
                    escape(calculator),
                    escape(words.score)
                ),
                Err(message) => format!("<span class=\"error\">{}</span>", escape(&message)),
            };
            format!(
                "<p class=\"setup-go\">{link}</p>{}{}{}",
                output("setup-toml", words.toml, &r.to_toml(), words),
                output("setup-prompt", words.prompt, &r.prompt(), words),
                output("setup-schema", words.schema, &r.schema(), words)
            )
        }
        Err(errors) => {
            let list: String = errors
                .iter()
                .map(|e| match e.key.as_str() {
                    "" => format!("<li>{}</li>", escape(&e.message)),
                    key => format!(
                        "<li><code>{}</code>: {}</li>",
                        escape(key),
                        escape(&e.message)
                    ),
                })
                .collect();
            format!(
                "<div class=\"setup-errors\"><p class=\"error\">{}</p><ul>{list}</ul></div>",
                escape(words.errors)
            )
        }
    }
}
