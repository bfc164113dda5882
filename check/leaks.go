package check

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpresult/mcpresult/content"
	"github.com/mcpresult/mcpresult/result"
)

// leakPattern is one kind of detail that should not reach a client.
type leakPattern struct {
	what string // the kind, as a message names it (never the match itself)
	re   *regexp.Regexp
	// anyText: looked for in every text; otherwise only in error text (the
	// text of an isError result or of a JSON-RPC error), where a path or a
	// host is a leak rather than the tool's output.
	anyText bool
	// accept, when set, rejects matches that are no leak (placeholders).
	accept func(match []string) bool
	// hints, when set, are strings one of which a match contains: the
	// pattern is only run on a text that holds one (lower-cased when fold).
	hints []string
	fold  bool
	// inPage, when set, is the pattern used instead of re in an MCP Apps
	// page, which is HTML and bundled scripts rather than text for a model
	// (pageAssignment, pageJSONMember).
	inPage *regexp.Regexp
}

// tokenStart is what comes before a key or token: the start of the text or
// a character that is not a letter or digit. Unlike \b, it lets an
// underscore end the word before ("lookup_ghp_…", a key in a snake_case
// tool name); the token itself is the pattern's last group, which is what
// redactSecrets redacts.
const tokenStart = `(?:^|[^A-Za-z0-9])`

// leakRules are the patterns of each code, in the order they are looked
// for.
var leakRules = []struct {
	code     Code
	patterns []leakPattern
}{
	{CodeErrorLeaksStack, []leakPattern{
		{what: "a Go goroutine dump", re: regexp.MustCompile(`goroutine \d+ \[[a-z ]+\]:`)},
		{what: "a Go panic", hints: []string{"panic: "}, re: regexp.MustCompile(`(?m)^panic: `)},
		{what: "a Go stack frame", re: regexp.MustCompile(`\.go:\d+ \+0x[0-9a-f]+`)},
		{what: "a JavaScript stack frame", hints: []string{"at "}, re: regexp.MustCompile(`(?m)^\s+at (?:[^\s()]+ )?\(?(?:file://|node:|/|[A-Za-z]:\\|webpack:|<anonymous>)[^\s()]*:\d+:\d+\)?\s*$`)},
		{what: "a Python traceback", hints: []string{"Traceback", "File \""}, re: regexp.MustCompile(`Traceback \(most recent call last\)|(?m)^\s*File "[^"]+", line \d+, in `)},
		{what: "a Java stack frame", hints: []string{"at "}, re: regexp.MustCompile(`(?m)^\s+at [a-zA-Z_$][\w$]*(?:\.[\w$<>]+)+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)`)},
		{what: "a .NET stack frame", hints: []string{":line "}, re: regexp.MustCompile(`(?m)^\s+at [\w.<>` + "`" + `]+\(.*\) in .+:line \d+`)},
		{what: "a Rust panic", re: regexp.MustCompile(`thread '[^']*' panicked at `)},
		{what: "a Ruby backtrace", hints: []string{".rb:"}, re: regexp.MustCompile(`(?m)^\s*(?:from )?/[^\s:]+\.rb:\d+:in `)},
	}},
	{CodeErrorLeaksPath, []leakPattern{
		{what: "an absolute Unix path", re: regexp.MustCompile(`(?:^|[\s"'(\[=,:;]|file://)(/(?:home|Users|root|var|usr|opt|etc|srv|tmp|private|mnt|Library|Volumes|run|snap|nix|app|workspace|proc)/[\w.@+~-]+(?:/[\w.@+~-]*)*)`),
			accept: func(m []string) bool { return revealingPath(m[1]) }},
		{what: "an absolute Windows path", hints: []string{":\\"}, re: regexp.MustCompile(`(?:^|[^\w])[A-Za-z]:\\(?:[^\\\s"'<>|*?:]+\\)+[^\\\s"'<>|*?:]*|(?:^|[^\w])[A-Za-z]:\\[^\\\s"'<>|*?:]+\.[A-Za-z0-9]{1,8}\b`)},
		{what: "a Windows network path", hints: []string{"\\\\"}, re: regexp.MustCompile(`(?:^|[\s"'(])\\\\[\w.-]+\\[\w.$-]+\\`)},
	}},
	{CodeErrorLeaksConnectionString, []leakPattern{
		{what: "a URL with a password in it", hints: []string{"@"}, anyText: true,
			re:     regexp.MustCompile(`\b[a-zA-Z][a-zA-Z0-9+.-]*://([^\s/:@"'<>]*):([^\s/@"'<>]+)@[^\s/"'<>]+`),
			accept: func(m []string) bool { return !isPlaceholder(m[2]) }},
		{what: "an ADO.NET connection string with a password", fold: true, hints: []string{"password=", "pwd="}, anyText: true,
			re:     regexp.MustCompile(`(?i)\b(?:server|data source|host)=[^;"']+;[^"'\n]*\b(?:password|pwd)=([^;"'\s]+)`),
			accept: func(m []string) bool { return !isPlaceholder(m[1]) }},
		{what: "a database URL", hints: []string{"://"}, re: regexp.MustCompile(`\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|clickhouse|cockroachdb|couchbases?|neo4j(?:\+s)?|cassandra|memcached?)://[^\s"'<>]+`)},
		{what: "a JDBC URL", hints: []string{"jdbc:"}, re: regexp.MustCompile(`\bjdbc:[a-z0-9]+:[^\s"'<>]+`)},
	}},
	{CodeErrorLeaksSecret, []leakPattern{
		{what: "an AWS access key ID", hints: []string{"AKIA", "ASIA"}, anyText: true, re: regexp.MustCompile(tokenStart + `((?:AKIA|ASIA)[0-9A-Z]{16})\b`)},
		{what: "a GitHub token", hints: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}, anyText: true, re: regexp.MustCompile(tokenStart + `(gh[pousr]_[A-Za-z0-9]{36,}\b|github_pat_[A-Za-z0-9_]{22,})`)},
		{what: "a Slack token", hints: []string{"xox"}, anyText: true, re: regexp.MustCompile(tokenStart + `(xox[abposr]-[A-Za-z0-9-]{10,})`)},
		{what: "an OpenAI or Anthropic API key", hints: []string{"sk-"}, anyText: true, re: regexp.MustCompile(tokenStart + `(sk-(?:ant-[a-z0-9]+-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`)},
		{what: "a Google API key", hints: []string{"AIza"}, anyText: true, re: regexp.MustCompile(tokenStart + `(AIza[0-9A-Za-z_-]{35})\b`)},
		{what: "a Stripe secret key", hints: []string{"k_live_"}, anyText: true, re: regexp.MustCompile(tokenStart + `([rs]k_live_[0-9A-Za-z]{20,})`)},
		{what: "a JSON Web Token", hints: []string{"eyJ"}, anyText: true, re: regexp.MustCompile(tokenStart + `(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)`)},
		{what: "a private key", anyText: true, re: regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----`)},
		{what: "a bearer token", fold: true, hints: []string{"bearer"}, anyText: true, re: regexp.MustCompile(`\b[Bb]earer\s+([A-Za-z0-9._~+/-]{20,}=*)`),
			accept: func(m []string) bool { return !isPlaceholder(m[1]) }},
		{what: "a password or key assignment", fold: true, hints: []string{"pass", "pwd", "secret", "key", "token"}, anyText: true,
			re:     regexp.MustCompile(`(?i)\b(?:pwd|` + secretNames + `)\s*=\s*["']?([^\s"'&;,)]{4,})`),
			accept: func(m []string) bool { return !isPlaceholder(m[1]) }, inPage: pageAssignment},
		{what: "a password or key in JSON", anyText: true,
			re:     regexp.MustCompile(`(?i)"(?:` + secretNames + `)"\s*:\s*"([^"]{4,})"`),
			accept: func(m []string) bool { return !isPlaceholder(m[1]) }, inPage: pageJSONMember},
	}},
}

// secretNames are the names of a value that is a secret: in an assignment
// (password=…), as a JSON member's key ("api_key": "…"), and as the key of
// a member of JSON that a report writes (redactJSON).
const secretNames = `password|passwd|secret|client_secret|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret[_-]?key|private[_-]?key`

// secretKey matches a JSON member's key that names a secret.
var secretKey = regexp.MustCompile(`(?i)^(?:` + secretNames + `)$`)

// revealingPath reports a Unix path that says something: three segments
// or more, a file name with an extension, or a user's home directory
// (/etc/shadow alone names no layout of the server).
func revealingPath(p string) bool {
	var segs []string
	for _, s := range strings.Split(p, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	if len(segs) < 2 {
		return false
	}
	last := segs[len(segs)-1]
	if i := strings.LastIndexByte(last, '.'); i >= 0 && i < len(last)-1 {
		return true
	}
	return len(segs) >= 3 || segs[0] == "home" || segs[0] == "Users" || segs[0] == "root"
}

// isPlaceholder reports a value that stands for a secret without being one:
// ****, xxxx, <password>, ${VAR}, {{var}}, %s, REDACTED, changeme….
func isPlaceholder(s string) bool {
	if strings.Trim(s, "*xX•.-_#") == "" {
		return true
	}
	if strings.HasPrefix(s, "$") || strings.HasPrefix(s, "<") || strings.HasPrefix(s, "{") || strings.HasPrefix(s, "%") || strings.HasPrefix(s, "[") {
		return true
	}
	switch strings.ToLower(strings.Trim(s, `"'`)) {
	case "redacted", "hidden", "removed", "masked", "none", "null", "undefined", "true", "false",
		"password", "secret", "changeme", "example", "required", "missing", "invalid", "empty":
		return true
	}
	return false
}

// leakText is one text to look in, and where it is.
type leakText struct {
	path, text string
	isError    bool // the text of an isError result or of a JSON-RPC error
	page       bool // the HTML of an MCP Apps page (isPage)
}

// scanLeaks adds a finding per code for each text where a pattern of the
// code matches, naming the kinds found, never the match.
func (f *findings) scanLeaks(texts []leakText) {
	for _, t := range texts {
		where := "the text at " + redactPath(t.path)
		if t.path == "" {
			where = "the result"
		}
		if t.page {
			where = "the MCP Apps page at " + redactPath(t.path)
			t.text = pageText(t.text)
		}
		lower := ""
		for _, rule := range leakRules {
			var kinds []string
			for _, p := range rule.patterns {
				if t.page && p.inPage != nil {
					p.re = p.inPage
				}
				if p.fold && lower == "" {
					lower = strings.ToLower(t.text)
				}
				if !p.anyText && !t.isError || !hinted(p, t.text, lower) || !leakMatch(p, t.text) {
					continue
				}
				kinds = append(kinds, p.what)
			}
			if len(kinds) == 0 {
				continue
			}
			f.add(Warning, rule.code, t.path, leakMessage(rule.code, where, kinds, t.isError))
		}
	}
}

// hinted reports a text that holds one of the pattern's hints (or a
// pattern without hints).
func hinted(p leakPattern, text, lower string) bool {
	if p.fold {
		text = lower
	}
	for _, h := range p.hints {
		if strings.Contains(text, h) {
			return true
		}
	}
	return len(p.hints) == 0
}

func leakMatch(p leakPattern, text string) bool {
	if p.accept == nil {
		return p.re.MatchString(text)
	}
	for _, m := range p.re.FindAllStringSubmatch(text, 8) {
		if p.accept(m) {
			return true
		}
	}
	return false
}

func leakMessage(code Code, where string, kinds []string, isError bool) string {
	found := where + " contains what looks like " + joinKinds(kinds)
	switch code {
	case CodeErrorLeaksStack:
		return found + "; a client, and the model, see the server's internals: log the trace and send a short message"
	case CodeErrorLeaksPath:
		return found + "; it shows the server's file layout (and often a user name): send a path relative to what the user asked for, or none"
	case CodeErrorLeaksConnectionString:
		if isError {
			return found + "; it names the server's infrastructure (and may carry credentials): keep it in the server's log"
		}
		return found + "; credentials in output reach the client and the model: remove them"
	default:
		return found + "; a secret in output reaches the client, the model and their logs: remove it and rotate it"
	}
}

// leaks looks for leaks in every text of a result: text blocks, text
// resource contents (embedded or read, of the resource readURI for a
// resource result) and, in an isError result, the strings of
// structuredContent. An MCP Apps page is read as a page, never as error
// text.
func (f *findings) leaks(v content.Value, kind string, isError bool, readURI string) {
	var texts []leakText
	if kind == result.KindResource {
		if cs, ok := v.Get("contents"); ok && cs.Kind() == content.KindArray {
			for i := 0; i < cs.Len(); i++ {
				c := cs.Index(i)
				if t, ok := c.Get("text"); ok && t.Kind() == content.KindString {
					texts = append(texts, leakText{path: pointer("/contents", i, "text"), text: t.Str(), page: isPage(c, readURI)})
				}
			}
		}
		f.scanLeaks(texts)
		return
	}
	for i, b := range contentBlocks(v) {
		switch strMember(b, "type") {
		case "text":
			if t, ok := b.Get("text"); ok && t.Kind() == content.KindString {
				texts = append(texts, leakText{path: pointer("/content", i, "text"), text: t.Str(), isError: isError})
			}
		case "resource":
			r, _ := b.Get("resource")
			if t, ok := r.Get("text"); ok && t.Kind() == content.KindString {
				page := isPage(r, "")
				texts = append(texts, leakText{path: pointer("/content", i, "resource", "text"), text: t.Str(), isError: isError && !page, page: page})
			}
		}
	}
	if sc, ok := v.Get("structuredContent"); ok && isError {
		texts = appendStrings(texts, sc, "/structuredContent", 0)
	}
	f.scanLeaks(texts)
}

// rpcLeaks looks for leaks in a JSON-RPC error's message and data.
func (f *findings) rpcLeaks(e *RPCError) {
	texts := []leakText{{path: "/error/message", text: e.Message, isError: true}}
	if len(e.Data) > 0 {
		if d, err := content.ParseJSON(e.Data); err == nil {
			texts = appendStrings(texts, d, "/error/data", 0)
		}
	}
	f.scanLeaks(texts)
}

// appendStrings adds the strings of a JSON value (error text) with their
// paths.
func appendStrings(texts []leakText, v content.Value, path string, depth int) []leakText {
	if depth > 32 || len(texts) > 1000 {
		return texts
	}
	switch v.Kind() {
	case content.KindString:
		texts = append(texts, leakText{path: path, text: v.Str(), isError: true})
	case content.KindArray:
		for i := 0; i < v.Len(); i++ {
			texts = appendStrings(texts, v.Index(i), pointer(path, i), depth+1)
		}
	case content.KindObject:
		for i := 0; i < v.Len(); i++ {
			m := v.Member(i)
			if m.Key.Kind() == content.KindString {
				texts = appendStrings(texts, m.Value, pointer(path, m.Key.Str()), depth+1)
			}
		}
	}
	return texts
}

// joinKinds writes "a", "a and b", "a, b and c".
func joinKinds(k []string) string {
	if len(k) < 2 {
		return strings.Join(k, "")
	}
	return strings.Join(k[:len(k)-1], ", ") + " and " + k[len(k)-1]
}

// redacted stands for a secret in what a report prints.
const redacted = "[redacted]"

// secretPatterns are the patterns of leakRules that find a secret in any
// text: keys and tokens, and passwords in URLs and connection strings.
var secretPatterns = func() []leakPattern {
	var out []leakPattern
	for _, rule := range leakRules {
		if rule.code != CodeErrorLeaksSecret && rule.code != CodeErrorLeaksConnectionString {
			continue
		}
		for _, p := range rule.patterns {
			if p.anyText {
				out = append(out, p)
			}
		}
	}
	return out
}()

// privateKeyBegin and privateKeyEnd are the first and the last line of a
// PEM private key.
var (
	privateKeyBegin = regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----`)
	privateKeyEnd   = regexp.MustCompile(`-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----`)
)

// redactSecrets replaces each part of s that the leak checks take for a
// secret (error_leaks_secret, or a password of error_leaks_connection_string)
// with [redacted]: the secret itself (the value of password=…, the password
// of a URL), or the whole match for a key or token; a private key from its
// first line to its last, or to the end of s when it has none, and from
// the start of s (or the end of the key before) to a key's last line that
// has no first line before it (a text cut from the end of a longer one).
func redactSecrets(s string) string {
	var spans [][2]int
	if strings.Contains(s, "-----END ") {
		prev := 0 // the end of the last key's last line
		for _, m := range privateKeyEnd.FindAllStringIndex(s, -1) {
			if !privateKeyBegin.MatchString(s[prev:m[0]]) {
				spans = append(spans, [2]int{prev, m[1]})
			}
			prev = m[1]
		}
	}
	lower := ""
	for _, p := range secretPatterns {
		if p.fold && lower == "" {
			lower = strings.ToLower(s)
		}
		if !hinted(p, s, lower) {
			continue
		}
		for _, m := range p.re.FindAllStringSubmatchIndex(s, -1) {
			if p.accept != nil {
				sub := make([]string, len(m)/2)
				for i := range sub {
					if m[2*i] >= 0 {
						sub[i] = s[m[2*i]:m[2*i+1]]
					}
				}
				if !p.accept(sub) {
					continue
				}
			}
			span := [2]int{m[0], m[1]}
			if last := len(m) - 2; last >= 2 && m[last] >= 0 {
				span = [2]int{m[last], m[last+1]} // the secret a pattern captures
			}
			if strings.Contains(p.what, "private key") {
				span[1] = len(s)
				if end := privateKeyEnd.FindStringIndex(s[span[0]:]); end != nil {
					span[1] = span[0] + end[1]
				}
			}
			spans = append(spans, span)
		}
	}
	if len(spans) == 0 {
		return s
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	at := 0 // the end of what is written (or redacted)
	for _, sp := range spans {
		switch {
		case sp[0] >= at:
			b.WriteString(s[at:sp[0]])
			b.WriteString(redacted)
		case sp[1] <= at:
			continue // within what is redacted
		}
		at = sp[1] // an overlap extends what is redacted
	}
	b.WriteString(s[at:])
	return b.String()
}

// redactPath returns a JSON Pointer with what looks like a secret in any of
// its segments replaced with [redacted], as redactSecrets does in a text: an
// object key in a result can be an API key (/structuredContent/sk-ant-…), and
// a report prints paths. Each segment is read unescaped (~1 is /) and
// escaped again; a path without a secret is returned as it is.
func redactPath(p string) string {
	if p == "" {
		return p
	}
	segs := strings.Split(p, "/")
	changed := false
	for i, seg := range segs {
		if i == 0 && seg == "" {
			continue
		}
		key := strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
		if r := redactSecrets(key); r != key {
			segs[i] = strings.NewReplacer("~", "~0", "/", "~1").Replace(r)
			changed = true
		}
	}
	if !changed {
		return p
	}
	return strings.Join(segs, "/")
}

// redactJSON returns JSON that encoding/json wrote (valid, compact or not)
// with each string, key or value, that holds what looks like a secret
// written again with it redacted (redactSecrets), and the string value of a
// member whose key names a secret ("password", "api_key"…, the names the
// leak checks know) written [redacted], unless it is a placeholder or
// shorter than 4 characters. Everything else is kept byte for byte; JSON
// without a secret is returned as it is.
func redactJSON(js []byte) []byte {
	var out []byte // nil until the first change
	last := 0      // the end of what out holds of js
	key := ""      // the last key read
	for i := 0; i < len(js); i++ {
		if js[i] != '"' {
			continue
		}
		end, escaped := i+1, false // end: the closing quote
		for ; end < len(js) && js[end] != '"'; end++ {
			if js[end] == '\\' {
				escaped = true
				end++
			}
		}
		if end >= len(js) {
			break // not JSON as encoding/json writes it: left as it is
		}
		tok := js[i : end+1]
		var s string
		if escaped {
			if json.Unmarshal(tok, &s) != nil {
				i = end
				continue
			}
		} else {
			s = string(tok[1 : len(tok)-1])
		}
		next := end + 1
		for next < len(js) && isJSONSpace(js[next]) {
			next++
		}
		prev := i - 1
		for prev >= 0 && isJSONSpace(js[prev]) {
			prev--
		}
		r := redactSecrets(s)
		switch {
		case next < len(js) && js[next] == ':':
			key = s
		case prev >= 0 && js[prev] == ':' && secretKey.MatchString(key) && len(s) >= 4 && !isPlaceholder(s):
			r = redacted
		}
		if r != s {
			out = append(out, js[last:i]...)
			out = appendJSONString(out, r)
			last = end + 1
		}
		i = end
	}
	if out == nil {
		return js
	}
	return append(out, js[last:]...)
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// appendJSONString appends s as a JSON string, as the report's encoder
// writes one: HTML not escaped, U+FFFD (which a byte that is not UTF-8
// became) written \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	q := bytes.ReplaceAll(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("\uFFFD"), []byte(`\ufffd`))
	return append(dst, q...)
}
