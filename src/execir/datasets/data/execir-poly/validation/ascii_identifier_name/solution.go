package main

import (
	"bufio"
	"fmt"
	"os"
)

func isLetter(ch byte) bool {
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'
}

func identifierValid(name string) bool {
	if len(name) == 0 || !isLetter(name[0]) {
		return false
	}
	for i := 1; i < len(name); i++ {
		if !isLetter(name[i]) && !(name[i] >= '0' && name[i] <= '9') {
			return false
		}
	}
	return true
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	for scanner.Scan() {
		if line := scanner.Text(); line != "" {
			if identifierValid(line) {
				fmt.Println("valid")
			} else {
				fmt.Println("invalid")
			}
		}
	}
}
