//! Every ```rules block of docs/rules-language.md compiles: a plain block as it stands, a
//! `rules fragment` block after an implicit `extends "chess"`, and a `rules error` block must
//! be rejected.

use myriad::rules::compile_source;

#[derive(Debug)]
struct Block {
    line: usize,
    kind: String,
    text: String,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = vec![];
    let mut current: Option<Block> = None;
    for (i, line) in doc.lines().enumerate() {
        let t = line.trim_start();
        match &mut current {
            None => {
                if let Some(info) = t.strip_prefix("```rules") {
                    current = Some(Block {
                        line: i + 1,
                        kind: info.trim().to_string(),
                        text: String::new(),
                    });
                }
            }
            Some(b) => {
                if t.starts_with("```") {
                    out.extend(current.take());
                } else {
                    b.text.push_str(line);
                    b.text.push('\n');
                }
            }
        }
    }
    assert!(current.is_none(), "unclosed code block");
    out
}

#[test]
fn every_rules_example_in_the_docs_compiles() {
    let doc = std::fs::read_to_string("docs/rules-language.md").expect("docs exist");
    let blocks = blocks(&doc);
    assert!(blocks.len() >= 20, "only {} examples", blocks.len());
    let mut failures = vec![];
    for b in &blocks {
        let origin = format!("docs/rules-language.md:{}", b.line);
        let (source, must_fail) = match b.kind.as_str() {
            "" => (b.text.clone(), false),
            "fragment" => (format!("extends \"chess\"\n{}", b.text), false),
            "error" => (b.text.clone(), true),
            other => panic!("line {}: unknown block kind `{other}`", b.line),
        };
        match (compile_source(&source, &origin), must_fail) {
            (Ok(_), false) | (Err(_), true) => {}
            (Ok(_), true) => failures.push(format!("line {}: compiled but should fail", b.line)),
            (Err(d), false) => failures.push(format!("line {}:\n{d}", b.line)),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}
