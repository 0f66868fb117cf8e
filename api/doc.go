// Package api is the HTTP interface of gameai (Echo v5): routes.go lists
// every route; handlers decode and validate requests, call the game, engine,
// store and job layers, and answer JSON or RFC 9457 problem+json.
//
//	@title						gameai
//	@version					1.0
//	@description				Expert game AI over HTTP: best moves, whole games against engines (sessions), and long jobs (searches, tuning, matches) for Morpion Solitaire, Nine Men's Morris and Less.
//	@description				Every error is application/problem+json (RFC 9457) naming the bad field and the reason.
//	@license.name				MIT
//	@BasePath					/
//	@securityDefinitions.apikey	ApiKey
//	@in							header
//	@name						X-API-Key
//	@description				Required by mutating admin routes when the server has GAMEAI_API_KEY set.
package api
