// Package content holds the pieces an MCP result is made of: the five kinds
// of content block (text, image, audio, resource_link, embedded resource),
// text and blob resource contents, annotations and icons, and the value model
// and checks that every build of a result goes through.
//
// Blocks are built with constructors whose required fields are arguments and
// whose optional fields are options, in MCP's wire names:
//
//	img := content.Image(pngBase64, "image/png",
//		content.WithAnnotations(content.Annotations{Audience: []content.Role{content.User}}))
//	link := content.ResourceLink("file:///srv/report.pdf", "report.pdf",
//		content.WithMIMEType("application/pdf"), content.WithSize(48213))
//
// A block is checked when a result is built from it (package result), not
// when it is constructed, so that an error names its place in the whole
// result: "/content/1/mimeType". Constructors therefore never fail; an
// option a block kind does not have is reported then as unknown_field.
//
// # Why a value model
//
// The same checks run on requests from Go, from MessagePack (the WebAssembly
// module's ABI) and from parsed JSON (validate, the vectors). [Value] is the
// one representation they share: objects keep the caller's member order and
// even duplicate or non-string keys, so that the checks can report them
// (duplicate_key, invalid_map_key) instead of losing them; numbers stay
// integers or floats as given; raw bytes and timestamps are kept until
// canonicalization decides what they become (SPEC section 7).
//
// # What is checked
//
// Every rule of SPEC section 6 that applies to blocks: canonical base64 (a
// data: URI gets its own message), RFC 6838 media types with image/* and
// audio/* for image and audio blocks, RFC 3986 URIs with a scheme and without
// user-info or ".." segments, RFC 3339 lastModified, audience and priority,
// _meta key syntax and reserved prefixes, unknown and duplicate fields, and
// UTF-8 everywhere. Errors are [*Error] values with a stable Code, a JSON
// Pointer Path and a Message that never repeats the rejected value.
//
// Decisions where the specification is silent:
//   - lastModified needs upper-case "T" and "Z" and seconds (RFC 3339 allows
//     lower case; the official TypeScript SDK does not);
//   - a URI may hold only RFC 3986 characters: non-ASCII text must be
//     percent-encoded;
//   - a _meta key may have an empty name ("com.example/" and ""), as MCP's
//     key rule says "unless empty";
//   - resource contents with both text and blob report unknown_field at
//     /blob; with neither, missing_field at /text;
//   - a non-string key is reported at the path of the object that holds it,
//     since a JSON Pointer cannot name it;
//   - an empty _meta is not written; an empty annotations object is kept;
//   - timestamps in canonicalization "json" are written as JavaScript's
//     Date.prototype.toJSON writes them, with milliseconds truncated toward
//     zero (as a Date holds them);
//   - Go maps are written with sorted keys and nil maps and slices as null,
//     as encoding/json writes them.
//
// Go values that need reflection or encoding/json (structs, pointers,
// marshalers, typed maps and slices, time.Time, json.Number) are converted in
// a file that is left out of GOOS=wasip1 builds (the WebAssembly guest) by a
// build constraint; the guest only ever sees MessagePack values. There, such
// values are unsupported_value, and a float32 keeps its exact value instead
// of encoding/json's shortest decimal (which would link the float parser).
package content
