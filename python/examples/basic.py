"""The quick example of the README: a tool result built, written for two
protocol revisions, and checked."""

from __future__ import annotations

import mcpresult


def main() -> None:
    m = mcpresult.load()

    # a tool result: a text block and the structured content it stands for
    result = m.tool(
        [m.text("Paris: sunny, 21 °C")],
        structured_content={"city": "Paris", "tempC": 21, "conditions": "sunny"},
    )
    print(m.serialize(result))  # the latest revision, as a handler hands it to its SDK
    print(m.serialize(result, protocol_version="2025-03-26"))  # an older client: no structuredContent

    # a mistake is an McpResultError with a stable code and the place
    try:
        m.tool(m.text("x"), structured_content={"ratio": float("nan")})
    except mcpresult.McpResultError as e:
        print(e.code, e.path)  # non_finite_number /structuredContent/ratio

    # anyone's result, checked for a revision: every finding
    report = m.validate({"content": [{"type": "text", "text": "hi"}]}, protocol_version="2025-06-18")
    print(report["valid"], [f["code"] for f in report["errors"]])


if __name__ == "__main__":
    main()
