package engine

import (
	"github.com/mcpresult/mcpresult/internal/pointer"
)

// path is the place of the value being checked or written, for errors.
type path = pointer.Path

// pathText is the path p names, as an error holds it.
func pathText(p *path) string { return capPath(string(p.Append(nil, pointer.MaxPathBytes+8))) }

// capPath cuts a path as content.NewError does.
func capPath(p string) string { return pointer.Cap(p, pointer.MaxPathBytes) }
