package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func portValid(s string) bool {
	if len(s) == 0 || len(s) > 5 {
		return false
	}
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	if s[0] == '0' {
		return false
	}
	v, _ := strconv.Atoi(s)
	return v <= 65535
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if portValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
