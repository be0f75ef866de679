package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func isbn10Valid(isbn string) bool {
	s := strings.ReplaceAll(isbn, "-", "")
	if len(s) != 10 {
		return false
	}
	total := 0
	for i := 0; i < 10; i++ {
		var value int
		if s[i] >= '0' && s[i] <= '9' {
			value = int(s[i] - '0')
		} else if s[i] == 'X' && i == 9 {
			value = 10
		} else {
			return false
		}
		total += (10 - i) * value
	}
	return total%11 == 0
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if isbn10Valid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
