// Package checklink is how the command reaches what package check does to
// a text before it prints it, without check exporting it: a program that
// embeds the check prints through Report.WriteText, Report.WriteJSON and
// Step.String, and the command alone prints texts of its own that hold what
// a server or a calls file chose (a usage error, the report's error line,
// the progress line).
//
// Package check sets EscapeText when it is initialized; the command
// imports check, so it is set before any call.
package checklink

// EscapeText returns a text as check prints it: what looks like a secret
// redacted, and every character a terminal would obey, or that would
// change how the text around it reads, written as an escape a person can
// read (see the package documentation of check, "Printing").
var EscapeText func(s string) string
