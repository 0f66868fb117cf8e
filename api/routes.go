package api

import (
	"fmt"

	"github.com/labstack/echo/v5"

	_ "gameai/docs" // registers the generated OpenAPI document served at /swagger/doc.json
)

// access says who may call a route. The zero value is no decision, which
// routes refuses, so a route cannot be added without one.
type access int

const (
	undecided access = iota
	// public routes answer anyone: reads, and the work every user of the
	// engines does (best moves, sessions, whose ids are unguessable).
	public
	// admin routes start or stop long work that costs the server hours; on
	// a server with an API key they need it (see Server.admin).
	admin
	// owner routes act for a bot's owner: they need an owner's token (or
	// the server's key), and the handler checks whose bot it is.
	owner
)

// route is one entry of the API.
type route struct {
	method, path string
	handler      echo.HandlerFunc
	access       access
}

// table is the whole API, in one place, each route with who may call it.
func (s *Server) table() []route {
	return []route{
		{"GET", "/", s.page, public},
		{"GET", "/web/*", s.webFile, public},
		{"GET", "/healthz", s.healthz, public},
		{"GET", "/readyz", s.readyz, public},
		{"GET", "/metrics", s.metrics.handler(), public},
		{"GET", "/swagger", func(c *echo.Context) error { return c.Redirect(301, "/swagger/index.html") }, public},
		{"GET", "/swagger/*", s.swaggerUI, public},

		{"GET", "/v1/games", s.listGames, public},
		{"POST", "/v1/games/:game/best-move", s.bestMove, public},

		{"POST", "/v1/games/:game/sessions", legalMovesQuery(s.createSession), public},
		{"GET", "/v1/sessions/:id", legalMovesQuery(s.getSession), public},
		{"POST", "/v1/sessions/:id/moves", legalMovesQuery(s.playMove), public},
		{"POST", "/v1/sessions/:id/engine-move", legalMovesQuery(s.engineMove), public},
		{"POST", "/v1/sessions/:id/undo", legalMovesQuery(s.undoMoves), public},
		{"DELETE", "/v1/sessions/:id", s.deleteSession, public},

		{"POST", "/v1/morpion/grids/validate", s.morpionValidate, public},
		{"POST", "/v1/morpion/grids/convert", s.morpionConvert, public},
		{"POST", "/v1/morpion/grids/render", s.morpionRender, public},
		{"POST", "/v1/morpion/grids/layers", s.morpionLayers, public},
		{"POST", "/v1/morpion/dna/interpret", s.morpionInterpret, public},
		{"POST", "/v1/morpion/searches", s.morpionSearch, admin},
		{"GET", "/v1/morpion/records", s.morpionRecords, public},
		{"GET", "/v1/morpion/search-settings", s.morpionSearchSettings, public},

		{"GET", "/v1/morris/strategies", s.morrisStrategies, public},
		{"GET", "/v1/morris/strategies/:name", s.morrisStrategy, public},
		{"POST", "/v1/morris/tunings", s.morrisTuning, admin},
		{"GET", "/v1/morris/db", s.morrisDB, public},
		{"POST", "/v1/morris/db/builds", s.morrisDBBuild, admin},
		{"POST", "/v1/morris/db/start", s.morrisDBStart, admin},
		{"POST", "/v1/morris/tournaments", s.morrisTuning, admin}, // the former name of tunings

		{"POST", "/v1/less/matches", s.lessMatch, admin},

		{"POST", "/v1/competitions", s.createCompetition, admin},
		{"GET", "/v1/competitions", s.listCompetitions, public},
		{"GET", "/v1/competitions/:id", s.getCompetition, public},
		{"GET", "/v1/competitions/:id/games", s.competitionGames, public},
		{"GET", "/v1/competitions/:id/games/:n", s.competitionGame, public},
		{"GET", "/v1/competitions/:id/records", s.competitionRecords, public},

		{"GET", "/v1/server", s.serverInfo, public},
		{"POST", "/v1/owners", s.createOwner, admin},
		{"POST", "/v1/accounts", s.register, public},
		{"POST", "/v1/accounts/login", s.signIn, public},
		{"POST", "/v1/accounts/logout", s.signOut, public},
		{"GET", "/v1/accounts/visitor", s.visitor, public},
		{"GET", "/v1/accounts", s.listAccounts, admin},
		{"POST", "/v1/accounts/:name/disable", s.disableAccount, admin},
		{"POST", "/v1/accounts/:name/enable", s.enableAccount, admin},
		{"PUT", "/v1/accounts/:name/quota", s.setQuota, admin},
		{"POST", "/v1/invitations", s.invite, admin},
		{"GET", "/v1/invitations", s.listInvitations, admin},
		{"DELETE", "/v1/invitations/:id", s.withdrawInvitation, admin},
		{"GET", "/v1/audit", s.auditLog, admin},
		{"GET", "/v1/owners/me", s.whoAmI, owner},
		{"PUT", "/v1/owners/me/password", s.setPassword, owner},
		{"GET", "/v1/owners/me/logins", s.listLogins, owner},
		{"DELETE", "/v1/owners/me/logins", s.endOtherLogins, owner},
		{"DELETE", "/v1/owners/me/logins/:id", s.endLogin, owner},
		{"DELETE", "/v1/owners/me", s.leave, owner},
		{"POST", "/v1/owners/me/tokens", s.makeToken, owner},
		{"GET", "/v1/owners/me/tokens", s.listTokens, owner},
		{"DELETE", "/v1/owners/me/tokens/:id", s.revokeToken, owner},
		{"GET", "/v1/languages", s.languages, public},
		{"GET", "/v1/starters", s.listStarters, public},
		{"GET", "/v1/starters/:game/:language", s.starterFile, public},
		{"GET", "/v1/protocols/:game", s.getProtocol, public},
		{"POST", uploadRoute, s.uploadBot, owner},
		{"GET", "/v1/bots", s.listBots, public},
		{"GET", "/v1/bots/:id", s.getBot, public},
		{"GET", "/v1/bots/:id/admission", s.botAdmission, public},
		{"GET", "/v1/bots/:id/source", s.botSource, owner},
		{"DELETE", "/v1/bots/:id", s.deleteBot, owner},
		{"PUT", "/v1/bots/:id/ladder", s.enterLadder, owner},
		{"GET", "/v1/bots/:id/ratings", s.botRatings, public},
		{"GET", "/v1/bots/:id/games", s.botGames, public},

		{"PUT", "/v1/ladders/:game", s.putLadder, admin},
		{"GET", "/v1/ladders/:game", s.getLadder, public},
		{"GET", "/v1/ladders/:game/games/:n", s.ladderGameRecord, public},

		{"GET", "/v1/jobs", s.listJobs, public},
		{"GET", "/v1/jobs/:id", s.getJob, public},
		{"GET", "/v1/jobs/:id/events", s.jobEvents, public},
		{"DELETE", "/v1/jobs/:id", s.cancelJob, admin},
	}
}

// routes registers the table.
func (s *Server) routes() {
	for _, r := range s.table() {
		switch r.access {
		case public:
			s.echo.Add(r.method, r.path, r.handler)
		case admin:
			s.echo.Add(r.method, r.path, r.handler, s.admin)
		case owner:
			s.echo.Add(r.method, r.path, r.handler, s.ownerOnly)
		default:
			panic(fmt.Sprintf("api: route %s %s has no access decision", r.method, r.path))
		}
	}
}
