// Package content holds the pieces an MCP result is made of: the five kinds
// of content block (text, image, audio, resource_link, embedded resource),
// text and blob resource contents, annotations and icons, and the value model
// that every check, build and write of a result goes through.
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
// module's ABI) and from parsed JSON ([ParseJSON], a result given to
// validate). [Value] is the one representation they share, so that every
// runtime gives the same answer: objects keep the caller's member order and
// even duplicate or non-string keys, so that the checks can report them
// (duplicate_key, invalid_map_key) instead of losing them; numbers stay
// integers or floats as given; raw bytes and timestamps are kept until
// canonicalization decides what they become.
//
// # What is checked
//
//   - every object: no duplicate keys (duplicate_key), string keys
//     (invalid_map_key), no unknown fields (unknown_field, with a "did you
//     mean" for near misses such as "mimetype"); a field that is present has
//     its declared type, null included (invalid_type); a required field is
//     there (missing_field);
//   - every string: valid UTF-8, no lone surrogates (invalid_utf8);
//   - data and blob: canonical padded standard base64 that decodes and
//     re-encodes to itself (invalid_base64; a data: URI gets its own
//     message); raw bytes ([]byte, MessagePack bin) are encoded instead;
//   - mimeType: RFC 6838 type/subtype with optional parameters, an empty
//     parameter allowed as RFC 9110 allows it ("image/png;"); image/* for an
//     image block, audio/* for an audio block (invalid_mime_type);
//   - uri (and an icon's src): RFC 3986 with a scheme; no whitespace,
//     control characters or backslash, raw or percent-encoded (%00-%1F,
//     %7F, %5C; other percent-encodings such as %20 are allowed); no password in the user-info (any ":" there counts as one; a user
//     name alone, as in postgres://app@db/x, is allowed); no ".." path
//     segment and no "." or ".." host, however they mix "." and "%2e"
//     (invalid_uri);
//   - name: not empty; size: an integer from 0 to 2^53-1 (invalid_value);
//   - annotations: audience a list of "user"/"assistant" without repeats,
//     priority a number from 0 to 1, lastModified
//     YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM) with upper-case T and Z, a
//     real calendar date, hours 00-23, minutes and seconds 00-59
//     (invalid_annotations at the field, or at the repeated audience entry);
//   - _meta keys: an optional prefix of dot-separated labels and "/", then a
//     name (invalid_meta_key); a prefix whose second label is
//     "modelcontextprotocol" or "mcp", compared without regard to ASCII case,
//     is reserved for the keys MCP defines (reserved_meta_key); only the
//     top-level keys of a _meta object are checked.
//
// Resource contents carry no icons: no revision's schema gives them any, and
// every official SDK drops them, so they are unknown_field. Errors are
// [*Error] values with a stable [Code], a JSON Pointer Path into the request
// as the caller gave it, and a Message that never repeats the rejected value.
//
// # Canonicalization
//
// Free-form values (structured content, _meta values) may hold what JSON
// cannot. In [Strict] mode they must be plain JSON: binary data, timestamps,
// integer or boolean map keys and Go structs are unsupported_value or
// invalid_map_key. In [JSON] mode they are converted as a JSON encoder would:
// bytes to base64, timestamps to the string JavaScript's Date.toJSON writes
// (UTC, milliseconds, Z), integer and boolean keys to strings, Go structs,
// pointers and json.Marshalers through encoding/json (and then checked as
// strict). NaN and infinities are non_finite_number in both modes.
//
// # The budget
//
// The budget (the settings' maxJsonBytes and maxNodes, see package result)
// bounds a whole result: the byte length of its compact JSON, its
// number of JSON values (every object, array and scalar, not keys) and its
// nesting (the result object being level 1, at most 64, result.MaxDepth).
// Its codes (max_bytes, max_nodes, max_depth) always have the path "". The bytes are
// counted while the JSON is written, and the writer stops as soon as they
// pass the bound; a string is measured before it is copied, so a string that
// grows sixfold when escaped is never written out first. Every JSON value a
// check walks or converts costs memory however short its text, so values
// are counted too: against the node bound, and against the
// byte bound, since n values take at least 2n-1 bytes of JSON; a Go slice or
// map is refused by its length before it is converted, and ParseJSONLimit
// stops a parse the same way. What a refused call allocates therefore stays
// within a small multiple of its input and the budget. The one exception is
// a Go value that only encoding/json can write (a struct, a pointer, a
// json.Marshaler, in JSON mode): encoding/json writes it whole before it can
// be measured.
//
// # Decisions where the specification is silent
//
//   - a _meta key may have an empty name ("com.example/" and ""), as MCP's
//     key rule says "unless empty";
//   - a URI may hold only RFC 3986 characters: non-ASCII text must be
//     percent-encoded; an empty user name ("https://@host/") is allowed;
//   - resource contents with both text and blob report unknown_field at
//     /blob; with neither, missing_field at /text;
//   - a non-string key is reported at the path of the object that holds it,
//     since a JSON Pointer cannot name it;
//   - an empty _meta is not written; an empty annotations object is kept;
//   - timestamps in JSON mode are written with milliseconds truncated toward
//     zero (as a JavaScript Date holds them); a *time.Time is written as a
//     time.Time is, a nil one as null;
//   - Go maps are written with sorted keys, and nil maps and slices as null,
//     as encoding/json writes them; a nil map given to WithMeta is no _meta.
//
// Go values that need reflection or encoding/json (structs, pointers,
// marshalers, typed maps and slices, time.Time, json.Number) are converted in
// a file that is left out of GOOS=wasip1 builds (the WebAssembly guest) by a
// build constraint; the guest only ever sees MessagePack values. There, such
// values are unsupported_value, and a float32 keeps its exact value instead
// of encoding/json's shortest decimal (which would link the float parser).
package content
