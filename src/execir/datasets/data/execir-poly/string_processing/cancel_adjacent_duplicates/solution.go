package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func cancelPairs(s string) (string, int) {
	stack := []byte{}
	removed := 0
	for i := 0; i < len(s); i++ {
		if n := len(stack); n > 0 && stack[n-1] == s[i] {
			stack = stack[:n-1]
			removed++
		} else {
			stack = append(stack, s[i])
		}
	}
	return string(stack), removed
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	line, _ := reader.ReadString('\n')
	rest, removed := cancelPairs(strings.TrimRight(line, "\n"))
	fmt.Println(rest)
	fmt.Println(removed)
}
