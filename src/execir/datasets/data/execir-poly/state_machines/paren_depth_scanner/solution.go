package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func maxDepth(text string) int {
	depth, deepest := 0, 0
	for _, ch := range text {
		if ch == '(' {
			depth++
			if depth > deepest {
				deepest = depth
			}
		} else if ch == ')' {
			depth--
			if depth < 0 {
				return -1
			}
		}
	}
	if depth != 0 {
		return -1
	}
	return deepest
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if strings.TrimSpace(scanner.Text()) != "" {
			fmt.Println(maxDepth(scanner.Text()))
		}
	}
}
