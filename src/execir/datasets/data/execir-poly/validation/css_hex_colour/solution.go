package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

const hexDigits = "0123456789abcdefABCDEF"

func hexColourValid(s string) bool {
	if len(s) != 4 && len(s) != 7 {
		return false
	}
	if s[0] != '#' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(hexDigits, s[i]) < 0 {
			return false
		}
	}
	return true
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if hexColourValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
