package check

// Code is the stable, snake_case code of a Finding: one of this package's
// (the Code… constants, listed by [Codes]) or one of result.Validate's,
// converted from its content.Code (Code(e.Code)): the two sets share no
// value. The JSON report writes it as a string.
type Code string

// Codes returns every code this package gives, in no particular order;
// the other codes of a Finding are those of content.Codes.
func Codes() []Code {
	return []Code{
		// The checks of a result.
		CodeOutputSchemaNoStructuredContent, CodeOutputSchemaMismatch, CodeOutputSchemaInvalid,
		CodeOutputSchemaTooComplex, CodeTextCopyMismatch, CodeMediaTypeMismatch, CodeMediaTypeUnknown,
		CodeImageFormatUnsupported, CodeImageTooLarge, CodeImageDownscaled, CodeUnsafeInteger,
		CodeErrorLeaksStack, CodeErrorLeaksPath, CodeErrorLeaksConnectionString, CodeErrorLeaksSecret,
		CodeResultSize, CodeResultTokens, CodeResultOverClientCap, CodeProtocolErrorForToolFailure,
		CodeToolErrorForInvalidArguments,
		// Making a tool's arguments.
		CodeArgumentsNotGenerated, CodeArgumentsIncomplete,
		// The driver, about an exchange.
		CodeNoResponse, CodeClientRejected, CodeResponseTooLarge, CodeRedirectRefused, CodeCutShort,
		CodeDuplicateResponse,
		// The driver, about a revision.
		CodeTooManyTools, CodeTooManyResources, CodeTooManyPages, CodeCursorRepeated, CodeListTooLarge,
		CodeResultsNotKept,
	}
}
