module github.com/mcpresult/mcpresult

go 1.26

toolchain go1.26.8

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/tetratelabs/wazero v1.12.0
	github.com/vmihailenco/msgpack/v5 v5.4.1
)

require (
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/sys v0.44.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
