package main

import (
	"bufio"
	"fmt"
	"os"
)

func allDigits(s string) bool {
	if len(s) == 0 {
		return false
	}
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	return true
}

func zipValid(code string) bool {
	if len(code) == 5 {
		return allDigits(code)
	}
	if len(code) == 10 {
		return code[5] == '-' && allDigits(code[:5]) && allDigits(code[6:])
	}
	return false
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if zipValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
