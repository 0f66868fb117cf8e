package api

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"gameai/store"
)

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
//	@Description	The job stops soon after and keeps its best result so far. Cancelling a finished job changes nothing. Needs the API key when the server has one, as starting a job does.
//	@Tags			jobs
//	@Produce		json
//	@Param			id	path		string	true	"job id"
//	@Success		202	{object}	JobResponse
//	@Failure		401	{object}	Problem
//	@Failure		404	{object}	Problem
//	@Failure		503	{object}	Problem	"the store does not answer"
//	@Router			/v1/jobs/{id} [delete]
//	@Security		ApiKey
func (s *Server) cancelJob(c *echo.Context) error {
	j, err := s.jobs.Cancel(c.Request().Context(), c.Param("id"))
	if err != nil {
		return s.storeErr(err, "job")
	}
	return c.JSON(http.StatusAccepted, jobResponse(j))
}

func jobResponse(j *store.Job) JobResponse {
	return JobResponse{ID: j.ID, Kind: j.Kind, Status: string(j.Status), Params: j.Params,
		Progress: JobProgress{Fraction: j.Progress.Fraction, Message: j.Progress.Message, Best: j.Progress.Best},
		Result:   j.Result, Error: j.Error, CancelRequested: j.CancelRequested, CreatedAt: j.CreatedAt, UpdatedAt: j.UpdatedAt}
}
