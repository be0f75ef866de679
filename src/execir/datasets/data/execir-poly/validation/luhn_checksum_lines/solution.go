package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func luhnValid(number string) bool {
	digits := strings.ReplaceAll(number, " ", "")
	if len(digits) < 2 {
		return false
	}
	total := 0
	for i := 0; i < len(digits); i++ {
		ch := digits[len(digits)-1-i]
		if ch < '0' || ch > '9' {
			return false
		}
		d := int(ch - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		total += d
	}
	return total%10 == 0
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if luhnValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
