package main

import (
	"bufio"
	"fmt"
	"os"
)

var pairs = map[rune]rune{')': '(', ']': '[', '}': '{'}

func balanced(s string) bool {
	stack := []rune{}
	for _, ch := range s {
		if ch == '(' || ch == '[' || ch == '{' {
			stack = append(stack, ch)
		} else if want, ok := pairs[ch]; ok {
			if len(stack) == 0 || stack[len(stack)-1] != want {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return len(stack) == 0
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if balanced(line) {
				fmt.Println("balanced")
			} else {
				fmt.Println("unbalanced")
			}
		}
	}
}
