module github.com/mcpresult/mcpresult

go 1.26
