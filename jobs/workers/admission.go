package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
)

// TypeBotAdmission is the task of an uploaded bot's admission: its build
// and validation games, on a worker that can confine programs.
const TypeBotAdmission = "bot:admission"

// admission is a TypeBotAdmission task's payload.
type admission struct {
	Owner string `json:"owner"`
	Bot   string `json:"bot"`
}

// admissionID names a bot's admission task: asynq holds one task of an
// id, so a bot is queued once however often it is asked.
func admissionID(bot string) string { return "admission:" + bot }

// Admit queues the admission of bot, in language, for whichever worker
// whose machine builds the language takes it (hosting.Remote; routes.go).
// A task of the bot queued or under way already stands; one that ended
// without a verdict (archived: no worker could take it before its retries
// ran out) is queued afresh.
func (d *Dispatcher) Admit(ctx context.Context, owner, bot, language string) error {
	payload, err := json.Marshal(admission{Owner: owner, Bot: bot})
	if err != nil {
		return err
	}
	id := admissionID(bot)
	queue := buildsQueue(d.queue, []string{language})
	enqueue := func() error {
		_, err := d.client.EnqueueContext(ctx, asynq.NewTask(TypeBotAdmission, payload), asynq.TaskID(id),
			asynq.Queue(queue), asynq.MaxRetry(maxRetry), asynq.Timeout(timeout))
		return err
	}
	err = enqueue()
	if !errors.Is(err, asynq.ErrTaskIDConflict) {
		return err
	}
	// A task archived (out of retries) or completed (a worker that failed
	// to carry it out left the bot waiting) is done again; one queued or
	// under way is the same admission.
	info, err := d.insp.GetTaskInfo(queue, id)
	if err != nil || (info.State != asynq.TaskStateArchived && info.State != asynq.TaskStateCompleted) {
		return err
	}
	if err := d.insp.DeleteTask(queue, id); err != nil {
		return err
	}
	return enqueue()
}

// Admitter admits uploaded bots on a worker (hosting.Host).
type Admitter interface {
	// Unavailable says why this machine cannot confine programs (nil:
	// it can).
	Unavailable() error
	// AdmitNow admits a bot here and stores its verdict.
	AdmitNow(ctx context.Context, owner, bot string) error
	// Toolchains names the languages this machine builds, each with its
	// toolchain's version line (GET /v1/languages lists them): none when
	// it cannot confine programs.
	Toolchains() map[string]string
}

// admissionHandler is the worker's side of TypeBotAdmission. A worker
// that cannot confine programs leaves the bot to another (asynq retries
// the task elsewhere), as does one that stops before the verdict; the
// verdict, a rejection included, is stored by the admission itself, so
// the task has no result.
func admissionHandler(a Admitter) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p admission
		if err := json.Unmarshal(t.Payload(), &p); err != nil || p.Bot == "" {
			return fmt.Errorf("%w: payload: %v", asynq.SkipRetry, err)
		}
		if a == nil {
			return errElsewhere{errors.New("this worker admits no bots")}
		}
		if err := a.Unavailable(); err != nil {
			return errElsewhere{err}
		}
		return a.AdmitNow(ctx, p.Owner, p.Bot)
	}
}
