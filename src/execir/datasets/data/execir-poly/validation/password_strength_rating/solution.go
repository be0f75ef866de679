package main

import (
	"bufio"
	"fmt"
	"os"
)

func strength(pw string) string {
	upper, lower, digit, symbol := false, false, false, false
	for _, c := range pw {
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= '0' && c <= '9':
			digit = true
		case c != ' ':
			symbol = true
		}
	}
	points := 0
	for _, ok := range []bool{len(pw) >= 12, upper && lower, digit, symbol} {
		if ok {
			points++
		}
	}
	if points <= 1 {
		return "weak"
	} else if points <= 3 {
		return "medium"
	}
	return "strong"
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			fmt.Println(strength(line))
		}
	}
}
