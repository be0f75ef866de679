package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

const hexDigits = "0123456789abcdefABCDEF"

func macValid(s string) bool {
	if len(s) != 17 {
		return false
	}
	sep := s[2]
	if sep != ':' && sep != '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i%3 == 2 {
			if s[i] != sep {
				return false
			}
		} else if strings.IndexByte(hexDigits, s[i]) < 0 {
			return false
		}
	}
	return true
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if macValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
