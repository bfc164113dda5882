// Package engine is what every build, check and write of a result runs:
// the checker (the rules of blocks, resource contents, _meta keys, free-form
// values and their canonicalization), the budget walk, the JSON writer (the
// escaping and number formatting of ECMAScript's JSON.stringify, and RFC
// 8785), and the conversion of Go values. Packages result, host and the
// module's dispatch (internal/guest) call it; users build with package
// content and package result, which keep their public API small while the
// engine keeps its many parts here.
//
// The engine reads values only through content.Value's accessors (Kind,
// Str, Len, Index, Member and the rest), so that a value decoded in place
// from MessagePack (content.Packed) and a tree of Values are read alike;
// a walk reads an object's keys and values in turn with Index, as a tree
// holds them.
//
// OnePass (onepass.go) is the other way in: the module's one pass from a
// request's MessagePack straight to a result's JSON, for the common shapes,
// calling the same rules (stringRule, the shapes, checkMetaKey, the
// writer's escaping) with a traversal of its own, and leaving everything
// else, faults included, to the checks of a value tree.
//
//	c := engine.NewChecker(engine.CheckOptions{Mode: content.JSON, MaxNodes: 1000, MaxBytes: 1 << 20})
//	out := c.Free(content.FromGo(map[string]any{"when": time.Unix(0, 0).UTC(), "n": 1}), 2)
//	b, err := engine.AppendJSON(nil, out, content.Wire) // {"n":1,"when":"1970-01-01T00:00:00.000Z"}
package engine
