//go:build wasip1

package content

// fromGo is the guest's version: the WebAssembly module only ever sees
// MessagePack values (a Value wrapped by FromGo, at most), so it carries no
// conversion of Go types, no reflection and no encoding/json.
func (c *Checker) fromGo(g any) (Value, string) {
	if v, ok := fromGoValue(g); ok {
		return v, ""
	}
	return Value{}, "this Go type is not supported inside the WebAssembly module"
}

func goIsString(g any) bool { return false }

func goIsNilMap(g any) bool { return false }
