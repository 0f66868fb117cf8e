package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestBenchMeasuresTheChosenWorkloads(t *testing.T) {
	var out bytes.Buffer
	err := runBench(context.Background(), []string{"--time", "1ms", "--only", "morpion-playouts-5D, nrpa-5D", "--json"}, &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Machine map[string]string `json:"machine"`
		Results []benchResult     `json:"results"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, out.String())
	}
	if len(got.Results) != 2 || got.Results[0].Name != "morpion-playouts-5D" || got.Results[1].Name != "nrpa-5D" {
		t.Fatalf("results %+v, want the two chosen workloads in order", got.Results)
	}
	for _, r := range got.Results {
		if r.Rate <= 0 || r.Rounds < 1 || r.Unit != "playouts/s" {
			t.Errorf("%+v: want a positive rate in playouts/s over at least one round", r)
		}
	}
	if got.Machine["cores"] == "" || got.Machine["go"] == "" {
		t.Errorf("machine %v: want cores and Go version", got.Machine)
	}
}

func TestBenchTable(t *testing.T) {
	var out bytes.Buffer
	if err := runBench(context.Background(), []string{"--time", "1ms", "--only", "morpion-playouts-5T"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[3], "morpion-playouts-5T") || !strings.Contains(lines[3], siCount(300_000)) {
		t.Errorf("table:\n%s\nwant a header, a blank line, the column names and one row with its 300k target", out.String())
	}
}

func TestBenchErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--only", "chess"}, `unknown workload "chess"`},
		{[]string{"--time", "0s"}, "--time"},
		{[]string{"--time", "2h"}, "--time"},
		{[]string{"extra"}, "unexpected arguments"},
	} {
		err := runBench(context.Background(), c.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one naming %s", c.args, err, c.want)
		}
	}
}
