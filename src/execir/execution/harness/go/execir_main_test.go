package main

// execir's Go harness: records on fd 3 ("<nonce> T" before the tests run, "R <code>" after).

import (
	"os"
	"strconv"
	"testing"
)

func TestMain(m *testing.M) {
	nonce := os.Getenv("EXECIR_NONCE")
	os.Unsetenv("EXECIR_NONCE")
	records := os.NewFile(3, "execir-records")
	if records != nil {
		records.WriteString(nonce + " T\n")
	}
	code := m.Run()
	if records != nil {
		records.WriteString(nonce + " R " + strconv.Itoa(code) + "\n")
	}
	os.Exit(code)
}
