package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func countOverlapping(text, sub string) int {
	if len(sub) == 0 {
		return 0
	}
	count := 0
	for i := 0; i+len(sub) <= len(text); i++ {
		matched := true
		for j := 0; j < len(sub); j++ {
			if text[i+j] != sub[j] {
				matched = false
				break
			}
		}
		if matched {
			count++
		}
	}
	return count
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	pattern, _ := reader.ReadString('\n')
	text, _ := reader.ReadString('\n')
	fmt.Println(countOverlapping(strings.TrimRight(text, "\n"), strings.TrimRight(pattern, "\n")))
}
