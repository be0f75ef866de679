package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func splitAmount(amount int64, parts int) []string {
	if parts < 1 || amount < 0 {
		return nil
	}
	base, extra := amount/int64(parts), amount%int64(parts)
	shares := make([]string, parts)
	for i := range shares {
		share := base
		if int64(i) < extra {
			share++
		}
		shares[i] = strconv.FormatInt(share, 10)
	}
	return shares
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int64 {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		return v
	}
	q := int(next())
	for i := 0; i < q; i++ {
		amount := next()
		parts := int(next())
		if shares := splitAmount(amount, parts); shares == nil {
			fmt.Println("invalid")
		} else {
			fmt.Println(strings.Join(shares, " "))
		}
	}
}
