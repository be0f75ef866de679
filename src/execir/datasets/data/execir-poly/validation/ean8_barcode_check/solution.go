package main

import (
	"bufio"
	"fmt"
	"os"
)

func ean8Valid(code string) bool {
	if len(code) != 8 {
		return false
	}
	for i := 0; i < 8; i++ {
		if code[i] < '0' || code[i] > '9' {
			return false
		}
	}
	total := 0
	for i := 0; i < 7; i++ {
		weight := 1
		if i%2 == 0 {
			weight = 3
		}
		total += int(code[i]-'0') * weight
	}
	check := (10 - total%10) % 10
	return check == int(code[7]-'0')
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if ean8Valid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
