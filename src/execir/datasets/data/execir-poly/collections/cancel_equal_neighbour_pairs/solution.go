package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func cancelPairs(items []string) ([]string, int) {
	var stack []string
	cancelled := 0
	for _, item := range items {
		if len(stack) > 0 && stack[len(stack)-1] == item {
			stack = stack[:len(stack)-1]
			cancelled++
		} else {
			stack = append(stack, item)
		}
	}
	return stack, cancelled
}

func main() {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	remaining, cancelled := cancelPairs(strings.Fields(line))
	fmt.Println(strings.Join(remaining, " "))
	fmt.Println(cancelled)
}
