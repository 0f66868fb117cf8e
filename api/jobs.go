package api

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

// listJobs pages through the jobs.
//
//	@Summary		List jobs, newest first
//	@Description	Filtered by kind and status; a page holds at most limit jobs, and next_cursor, when set, fetches the following one. A page examines at most 1000 jobs, so a narrow filter may give a short page with a cursor.
//	@Tags			jobs
//	@Produce		json
//	@Param			kind	query		string	false	"job kind, e.g. morpion-search, morris-tuning, less-match"
//	@Param			status	query		string	false	"queued, running, succeeded, failed, cancelled or interrupted"
//	@Param			limit	query		int		false	"jobs a page (1-100, default 20)"
//	@Param			cursor	query		string	false	"next_cursor of the previous page"
//	@Success		200		{object}	JobListResponse
//	@Failure		400		{object}	Problem
//	@Failure		503		{object}	Problem	"the store does not answer"
//	@Router			/v1/jobs [get]
func (s *Server) listJobs(c *echo.Context) error {
	kind := c.QueryParam("kind")
	if kind != "" && !s.jobs.Handles(kind) {
		return badField("kind", fmt.Sprintf("%.64q is not a kind of job this server runs", kind))
	}
	js, next, err := s.jobPage(c, kind)
	if err != nil {
		return err
	}
	out := JobListResponse{Jobs: make([]JobResponse, 0, len(js)), NextCursor: next}
	for _, j := range js {
		out.Jobs = append(out.Jobs, jobResponse(j))
	}
	return c.JSON(http.StatusOK, out)
}

// jobPage reads a page of jobs of a kind (any when empty) by the status,
// limit and cursor queries.
func (s *Server) jobPage(c *echo.Context, kind string) ([]*store.Job, string, error) {
	f := store.JobFilter{Kind: kind, Status: store.JobStatus(c.QueryParam("status"))}
	switch f.Status {
	case "", store.JobQueued, store.JobRunning, store.JobSucceeded, store.JobFailed, store.JobCancelled, store.JobInterrupted:
	default:
		return nil, "", badField("status", "want queued, running, succeeded, failed, cancelled or interrupted")
	}
	limit, err := queryInt(c, "limit", 20, 1, 100)
	if err != nil {
		return nil, "", err
	}
	cursor := c.QueryParam("cursor")
	if cursor != "" && !store.ValidJobCursor(cursor) {
		return nil, "", badField("cursor", "not a cursor this server gave (use next_cursor of the previous page)")
	}
	return s.store.Jobs.List(c.Request().Context(), f, cursor, limit)
}

// getJob shows a job.
//
//	@Summary	A job's status, progress and result
//	@Tags		jobs
//	@Produce	json
//	@Param		id	path		string	true	"job id"
//	@Success	200	{object}	JobResponse
//	@Failure	404	{object}	Problem
//	@Router		/v1/jobs/{id} [get]
func (s *Server) getJob(c *echo.Context) error {
	j, err := s.jobs.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return s.storeErr(err, "job")
	}
	return c.JSON(http.StatusOK, jobResponse(j))
}

// cancelJob asks a job to stop; it keeps its best result so far.
//
//	@Summary		Cancel a job
//	@Description	The job stops soon after and keeps its best result so far. Cancelling a finished job changes nothing and answers 409. Needs the API key when the server has one, as starting a job does.
//	@Tags			jobs
//	@Produce		json
//	@Param			id	path		string	true	"job id"
//	@Success		202	{object}	JobResponse
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Failure		409	{object}	Problem	"the job has already finished"
//	@Failure		503	{object}	Problem	"the store does not answer"
//	@Router			/v1/jobs/{id} [delete]
//	@Security		ApiKey
func (s *Server) cancelJob(c *echo.Context) error {
	j, err := s.jobs.Cancel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return s.storeErr(err, "job")
	}
	if j.Status.Final() {
		return problem(http.StatusConflict, "job-finished", "Job already finished",
			fmt.Sprintf("the job has %s; there is nothing to cancel", j.Status), FieldError{Field: "id", Reason: "job " + string(j.Status)})
	}
	return c.JSON(http.StatusAccepted, jobResponse(j))
}

func jobResponse(j *store.Job) JobResponse {
	return JobResponse{ID: j.ID, Version: j.Rev, Kind: j.Kind, Status: string(j.Status), Params: j.Params,
		Progress: JobProgress{Fraction: j.Progress.Fraction, Message: j.Progress.Message, Best: j.Progress.Best},
		Result:   j.Result, Error: j.Error, CancelRequested: j.CancelRequested, CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt}
}

// queryInt reads an integer query parameter in lo..hi, def when absent.
func queryInt(c *echo.Context, name string, def, lo, hi int) (int, error) {
	q := c.QueryParam(name)
	if q == "" {
		return def, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < lo || n > hi {
		return 0, badField(name, fmt.Sprintf("must be an integer in %d..%d", lo, hi))
	}
	return n, nil
}

// offsetPage reads the limit (1-100, default 50) and cursor queries of a
// list paged by offset: the cursor is the offset the previous page gave.
func offsetPage(c *echo.Context) (from, limit int, err error) {
	if limit, err = queryInt(c, "limit", 50, 1, 100); err != nil {
		return 0, 0, err
	}
	if cur := c.QueryParam("cursor"); cur != "" {
		if from, err = strconv.Atoi(cur); err != nil || from < 0 || len(cur) > 9 {
			return 0, 0, badField("cursor", "not a cursor this server gave (use next_cursor of the previous page)")
		}
	}
	return from, limit, nil
}
