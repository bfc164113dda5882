//go:build wasip1

package content

// fromGoOther is the guest's version: the WebAssembly module only ever sees
// MessagePack values, so it carries no reflection and no encoding/json.
func fromGoOther(g any, mode Canonicalization, room int) (Value, string) {
	return Value{}, "this Go type is not supported inside the WebAssembly module"
}

func goIsString(g any) bool { return false }

func goIsNilMap(g any) bool { return false }

// float32Value is the float32's exact value: the guest never sees Go values,
// and the float32 shortest-decimal conversion of other builds would link the
// float parser into the module.
func float32Value(x float32) Value { return NewFloat(float64(x)) }
