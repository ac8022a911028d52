//! A page's form read from its HTML as a browser would send it: its action and every
//! field with its value (text and hidden inputs, ticked boxes, each select's chosen
//! option), the form's one-time key included.

/// A form of a page, as it would be sent.
#[derive(Debug, Clone)]
pub struct PageForm {
    pub action: String,
    pub fields: Vec<(String, String)>,
}

impl PageForm {
    /// The form with the id `id` in `html`.
    pub fn read(html: &str, id: &str) -> PageForm {
        let marker = format!("id=\"{id}\"");
        let at = html
            .find(&marker)
            .unwrap_or_else(|| panic!("no form #{id} in the page: {html}"));
        let start = html[..at].rfind("<form").expect("the form's start");
        let end = at + html[at..].find("</form>").expect("the form's end");
        let form = &html[start..end];
        let action = attribute(form, "action").expect("the form's action");
        PageForm {
            action: unescape(&action),
            fields: fields(form),
        }
    }

    /// The form with `name` set to `value` (added when the form has no such field).
    pub fn with(mut self, name: &str, value: &str) -> PageForm {
        match self.fields.iter_mut().find(|(n, _)| n == name) {
            Some(field) => field.1 = value.to_owned(),
            None => self.fields.push((name.to_owned(), value.to_owned())),
        }
        self
    }

    /// The value of the field `name`.
    pub fn value(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

fn fields(form: &str) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    let mut rest = form;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let tag_end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..tag_end];
        if let Some(input) = tag.strip_prefix("input ") {
            let kind = attribute(input, "type").unwrap_or_else(|| "text".into());
            let ticked = input.contains("checked=\"checked\"");
            let sent = !matches!(kind.as_str(), "submit" | "button")
                && (!matches!(kind.as_str(), "checkbox" | "radio") || ticked);
            if let (true, Some(name)) = (sent, attribute(input, "name")) {
                let value = attribute(input, "value").unwrap_or_else(|| {
                    if kind == "checkbox" {
                        "on".into()
                    } else {
                        String::new()
                    }
                });
                fields.push((unescape(&name), unescape(&value)));
            }
        } else if let Some(select) = tag.strip_prefix("select ") {
            let name = attribute(select, "name").expect("a select's name");
            let body = &rest[..rest.find("</select>").expect("the select's end")];
            let options: Vec<&str> = body.split("<option ").skip(1).collect();
            let chosen = options
                .iter()
                .find(|o| o.contains("selected=\"selected\""))
                .or(options.first());
            let value = chosen
                .and_then(|o| attribute(o, "value"))
                .unwrap_or_default();
            fields.push((unescape(&name), unescape(&value)));
        }
    }
    fields
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    let marker = format!(" {name}=\"");
    let padded = format!(" {tag}");
    let start = padded.find(&marker)? + marker.len();
    let end = padded[start..].find('"')?;
    Some(padded[start..start + end].to_owned())
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}
